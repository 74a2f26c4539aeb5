import Container from "react-bootstrap/Container";
import { usePageTitle } from "../../lib/use-page-title";
import { BikeGrid } from "./bike-grid";

export function InventoryPage() {
  usePageTitle("Inventory");
  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">Our Inventory</h1>
      <BikeGrid headingLevel="h2" />
    </Container>
  );
}
