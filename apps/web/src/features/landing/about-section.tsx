import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";

export function AboutSection() {
  return (
    <Container as="section" className="py-5" aria-labelledby="about-heading">
      <Row className="align-items-center g-4">
        <Col md={6}>
          {/* Not lazy: on a phone it shows in the first screen, as its largest picture. */}
          <img
            src="/images/about.svg"
            alt="Warehouse staff checking motorbikes on the racks"
            className="img-fluid"
            width={600}
            height={400}
          />
        </Col>
        <Col md={6}>
          <h2 id="about-heading">About Ultimate Bikes</h2>
          <p>
            We import motorbikes from the manufacturers' own distributors and keep them in one
            warehouse, so showrooms across the country can restock in days instead of months.
          </p>
          <p>
            Every unit that leaves or arrives is counted as it happens. Our staff see the same
            numbers at the same time, and every change is written down with who made it and when.
          </p>
        </Col>
      </Row>
    </Container>
  );
}
