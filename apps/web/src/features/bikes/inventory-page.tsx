import Container from "react-bootstrap/Container";
import { useAccount } from "../../lib/account";
import { usePageTitle } from "../../lib/use-page-title";
import { BikeCard } from "./bike-card";
import { BikeGrid, BikeGridSkeleton, NO_BIKES_YET } from "./bike-grid";
import { placeUnitsText, usePlaceName } from "./place-units";
import { StockControls } from "./stock-controls";
import { INVENTORY_PAGE_SIZE } from "./stock-query";
import { StockResults } from "./stock-results";
import { useStockView } from "./stock-view";

/** The stock as cards, searched, filtered, sorted and paged from the URL (docs/product.md, Inventory). */
export function InventoryPage() {
  usePageTitle("Inventory");
  const controls = useStockView();
  const placeName = usePlaceName(controls.view.place);
  const { canChangeStock } = useAccount();
  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">Our Inventory</h1>
      <StockControls controls={controls} />
      <StockResults
        controls={controls}
        pageSize={INVENTORY_PAGE_SIZE}
        skeleton={<BikeGridSkeleton count={6} label="Loading bikes…" />}
        emptyText={NO_BIKES_YET}
        findUnits={canChangeStock}
      >
        {(bikes) => (
          <BikeGrid
            bikes={bikes}
            headingLevel="h2"
            compactOnPhone
            renderCard={(bike) => (
              <BikeCard
                bike={bike}
                headingLevel="h2"
                placeUnits={placeUnitsText(bike, placeName)}
              />
            )}
          />
        )}
      </StockResults>
    </Container>
  );
}
