import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { BRAND } from "../../lib/use-page-title";

const cities = ["Dhaka", "Khulna", "Rajshahi", "Chittagong", "Sylhet"];

const socialLinks = [
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "YouTube", href: "https://www.youtube.com/" },
  { name: "LinkedIn", href: "https://www.linkedin.com/" },
];

export function SiteFooter() {
  return (
    <footer className="bg-dark text-white-50 pt-5 pb-3 mt-auto">
      <Container>
        <Row className="g-4">
          <Col md={4}>
            <h2 className="h5 text-white">{BRAND}</h2>
            <p>Motorbikes from the best makers, in stock and ready for your showroom.</p>
          </Col>
          <Col md={4}>
            <h2 className="h5 text-white">Our branches</h2>
            <ul className="list-unstyled mb-0">
              {cities.map((city) => (
                <li key={city}>{city}</li>
              ))}
            </ul>
          </Col>
          <Col md={4}>
            <h2 className="h5 text-white">Follow us</h2>
            <ul className="list-unstyled mb-0">
              {socialLinks.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.href}
                    className="link-light"
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </Col>
        </Row>
        <p className="text-center small mt-4 mb-0">
          © {new Date().getFullYear()} {BRAND}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}
