import { useQueryClient } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { NavLink, useNavigate } from "react-router";
import { signOut } from "../../lib/access-token";
import { useAccount } from "../../lib/account";
import { useSession } from "../../lib/auth-client";
import { paths } from "../../lib/paths";
import type { NavAudience, NavGroup } from "../../lib/screen";
import { NavMenu } from "./nav-menu";

/** A screen's link for signed-in people, from its descriptor (the app's screens' list). */
export interface SessionLink {
  to: string;
  label: string;
  audience: Exclude<NavAudience, "everyone">;
  group?: NavGroup;
}

/** Each group's menu title. */
const groupTitles: Record<NavGroup, string> = { stock: "Stock", admin: "Admin" };

/** The links in their order, each group's gathered as one menu where its first link would be. */
function inMenus(links: SessionLink[]) {
  const entries: ({ link: SessionLink } | { group: NavGroup; links: SessionLink[] })[] = [];
  for (const link of links) {
    if (!link.group) {
      entries.push({ link });
      continue;
    }
    const menu = entries.find((entry) => "group" in entry && entry.group === link.group);
    if (menu && "links" in menu) menu.links.push(link);
    else entries.push({ group: link.group, links: [link] });
  }
  return entries;
}

/**
 * The navigation that depends on who is signed in (docs/product.md, Screens: navigation bar):
 * Login for a visitor; for someone signed in, the screens' links their role may use (the staff's
 * stock screens in one Stock menu), their profile and Logout.
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
      {inMenus(links.filter((link) => mayUse[link.audience])).map((entry) =>
        "link" in entry ? (
          <NavLink key={entry.link.to} to={entry.link.to} end className="nav-link">
            {entry.link.label}
          </NavLink>
        ) : (
          <NavMenu
            key={entry.group}
            id={`${entry.group}-menu`}
            title={groupTitles[entry.group]}
            links={entry.links}
          />
        ),
      )}
      {/* A long name or email is cut short on a wide screen, so the bar stays one line. */}
      <NavLink
        to={paths.profile}
        className="nav-link ms-lg-2 me-lg-2 small text-truncate session-name"
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
