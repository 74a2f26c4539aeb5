import { useState } from "react";
import Container from "react-bootstrap/Container";
import Nav from "react-bootstrap/Nav";
import Navbar from "react-bootstrap/Navbar";
import { Link, NavLink } from "react-router";
import { SessionNav } from "../../features/auth/session-nav";
import { paths } from "../../lib/paths";
import { BRAND } from "../../lib/use-page-title";

export function SiteHeader() {
  // Controlled, so the toggle can tell screen readers whether the menu is open.
  const [expanded, setExpanded] = useState(false);
  return (
    <header>
      <Navbar
        expand="lg"
        bg="dark"
        data-bs-theme="dark"
        collapseOnSelect
        aria-label="Main"
        expanded={expanded}
        onToggle={setExpanded}
      >
        <Container>
          <Navbar.Brand as={Link} to={paths.home} className="fw-bold">
            <img src="/favicon.svg" alt="" width={32} height={32} className="me-2" />
            {BRAND}
          </Navbar.Brand>
          <Navbar.Toggle
            aria-controls="main-navigation"
            aria-label="Toggle navigation"
            aria-expanded={expanded}
          />
          <Navbar.Collapse
            id="main-navigation"
            // Any link or button in the menu (Logout included) closes it on a phone.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a, button")) setExpanded(false);
            }}
          >
            <Nav className="ms-auto">
              <Nav.Link as={NavLink} to={paths.home} end eventKey="home">
                Home
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.inventory} end eventKey="inventory">
                Inventory
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.blog} eventKey="blog">
                Blogs
              </Nav.Link>
              <SessionNav />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
