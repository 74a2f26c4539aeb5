import { useQueryClient } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import { NavLink, useNavigate } from "react-router";
import { signOut } from "../../lib/access-token";
import { useAccount } from "../../lib/account";
import { useSession } from "../../lib/auth-client";
import { paths } from "../../lib/paths";

/** The navigation that depends on who is signed in (docs/product.md, Screens: navigation bar). */
export function SessionNav() {
  const { data, isPending } = useSession();
  const { canChangeStock, canManagePeople } = useAccount();
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
      <NavLink to={paths.dashboard} className="nav-link">
        Dashboard
      </NavLink>
      {canChangeStock && (
        <NavLink to={paths.manageInventory} className="nav-link">
          Manage Inventory
        </NavLink>
      )}
      <NavLink to={paths.addNew} className="nav-link">
        Add new item
      </NavLink>
      <NavLink to={paths.myItems} className="nav-link">
        My item
      </NavLink>
      {canManagePeople && (
        <NavLink to={paths.people} className="nav-link">
          People
        </NavLink>
      )}
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
