import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";

const statistics = [
  { value: "1M+", label: "Active customers" },
  { value: "30+", label: "Import companies" },
  { value: "5 acres", label: "Of warehouse" },
  { value: "100+", label: "Showrooms" },
];

export function Statistics() {
  return (
    <section className="bg-dark text-white py-5" aria-labelledby="statistics-heading">
      <Container>
        <h2 id="statistics-heading" className="visually-hidden">
          Ultimate Bikes in numbers
        </h2>
        <Row as="dl" xs={2} md={4} className="text-center g-4 mb-0">
          {statistics.map((statistic) => (
            <Col key={statistic.label} className="d-flex flex-column-reverse">
              <dt className="fw-normal text-white-50">{statistic.label}</dt>
              <dd className="display-6 fw-bold mb-1 statistic-value">{statistic.value}</dd>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
