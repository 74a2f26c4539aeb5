import { useQueryClient } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { NavLink, useNavigate } from "react-router";
import { signOut } from "../../lib/access-token";
import { useAccount } from "../../lib/account";
import { useSession } from "../../lib/auth-client";
import { paths } from "../../lib/paths";
import type { NavAudience } from "../../lib/screen";

/** A screen's link for signed-in people, from its descriptor (the app's screens' list). */
export interface SessionLink {
  to: string;
  label: string;
  audience: Exclude<NavAudience, "everyone">;
}

/**
 * The navigation that depends on who is signed in (docs/product.md, Screens: navigation bar):
 * Login for a visitor; for someone signed in, the screens' links their role may use, their
 * profile and Logout.
 */
export function SessionNav({ links }: { links: SessionLink[] }) {
  const { data, isPending } = useSession();
  const { canChangeStock, canManagePeople } = useAccount();
  const mayUse: Record<SessionLink["audience"], boolean> = {
    "signed-in": true,
    "stock-changers": canChangeStock,
    "people-managers": canManagePeople,
  };
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function logout() {
    await signOut();
    queryClient.clear();
    navigate(paths.home);
  }

  if (isPending) return null;
  if (!data) {
    return (
      <NavLink to={paths.login} className="nav-link">
        Login
      </NavLink>
    );
  }
  return (
    <>
      {links
        .filter((link) => mayUse[link.audience])
        .map(({ to, label }) => (
          <NavLink key={to} to={to} end className="nav-link">
            {label}
          </NavLink>
        ))}
      <NavLink
        to={paths.profile}
        className="nav-link ms-lg-3 me-lg-2 small"
        title={`Your profile (${data.user.email})`}
      >
        {data.user.name || data.user.email}
      </NavLink>
      <Button
        variant="outline-light"
        size="sm"
        className="align-self-lg-center"
        onClick={() => void logout()}
      >
        Logout
      </Button>
    </>
  );
}
