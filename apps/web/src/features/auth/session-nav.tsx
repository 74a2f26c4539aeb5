import { useQueryClient } from "@tanstack/react-query";
import Button from "react-bootstrap/Button";
import Nav from "react-bootstrap/Nav";
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
      <Nav.Link as={NavLink} to={paths.login} eventKey="login">
        Login
      </Nav.Link>
    );
  }
  return (
    <>
      {canChangeStock && (
        <Nav.Link as={NavLink} to={paths.manageInventory} eventKey="manage-inventory">
          Manage Inventory
        </Nav.Link>
      )}
      <Nav.Link as={NavLink} to={paths.addNew} eventKey="add-new">
        Add new item
      </Nav.Link>
      <Nav.Link as={NavLink} to={paths.myItems} eventKey="my-item">
        My item
      </Nav.Link>
      {canManagePeople && (
        <Nav.Link as={NavLink} to={paths.people} eventKey="people">
          People
        </Nav.Link>
      )}
      <span className="navbar-text ms-lg-3 me-lg-2 small" title={data.user.email}>
        {data.user.name || data.user.email}
      </span>
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
