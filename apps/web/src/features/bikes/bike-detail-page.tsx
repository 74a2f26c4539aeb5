import type { Bike } from "@ultimate-bikes/contract/bikes";
import { lazy, Suspense, type ReactNode } from "react";
import Alert from "react-bootstrap/Alert";
import Col from "react-bootstrap/Col";
import Container from "react-bootstrap/Container";
import Row from "react-bootstrap/Row";
import { Link, useParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { PendingRoleNotice } from "../../components/pending-role-notice";
import { useAccount } from "../../lib/account";
import { useDefaultPlace, usePlaces } from "../../lib/places";
import { EditBikeLink } from "./edit-bike-link";
import { ApiRequestError } from "../../lib/api-client";
import { formatPrice } from "../../lib/format";
import { bikeLabelPath, paths } from "../../lib/paths";
import { useIdleSinceMount } from "../../lib/use-after-first-paint";
import { usePageTitle } from "../../lib/use-page-title";
import { BikePhoto } from "./bike-photo";
import { BikeUnits } from "./bike-units";
import { useBike } from "./bikes-api";
import { useStockChangeNote } from "./live-stock-context";
import { MovementList } from "./movement-list";
import { PlaceStockList } from "./place-stock-list";
import { StockBadge } from "./stock-badge";
import { TrackingControls } from "./tracking-controls";

function BikeNotFound() {
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">This bike is not in the warehouse</h1>
      <p>It may have been deleted.</p>
      <Link to={paths.inventory}>Back to the inventory</Link>
    </Container>
  );
}

/**
 * Delivered and Import: the page's heaviest code (a form library and its validation), loaded once
 * the bike has been shown rather than before it (docs/decisions/017).
 */
const StockActions = lazy(async () => ({
  default: (await import("./stock-actions")).StockActions,
}));

/** Delivered and Import to come, in their shapes, so nothing below moves when they arrive. */
function StockActionsSkeleton() {
  return (
    <Skeleton label="Loading Delivered and Import…">
      <div className="d-grid gap-3">
        <div>
          <div className="mb-2">
            <span className="placeholder col-5" />
          </div>
          <span className="placeholder skeleton-field col-12" />
        </div>
        <span className="placeholder btn btn-danger btn-lg disabled col-12" />
        <div>
          <div className="h5 mb-2">
            <span className="placeholder col-4" />
          </div>
          <span className="placeholder skeleton-field col-12" />
        </div>
      </div>
    </Skeleton>
  );
}

/**
 * Delivered, Import and the way to Manage Inventory, for staff. A member sees why they are not
 * there (docs/decisions/014); nothing shows while the role is still loading.
 */
function StaffActions({ bike, removed }: { bike: Bike; removed: boolean }) {
  const { canChangeStock, isPending, account, pendingRole } = useAccount();
  const { data: places } = usePlaces();
  const defaultPlace = useDefaultPlace();
  const shown = useIdleSinceMount();
  if (isPending) return null;
  if (!canChangeStock) {
    // A pending role is staff or admin: Delivered and Import come with the verified email.
    if (account && pendingRole) {
      return <PendingRoleNotice role={pendingRole} email={account.email} />;
    }
    return (
      <p className="text-body-secondary">
        Only warehouse staff can deliver or import units. Ask an admin if you need to.
      </p>
    );
  }
  return (
    <>
      {shown ? (
        <Suspense fallback={<StockActionsSkeleton />}>
          <StockActions
            bike={bike}
            disabled={removed}
            places={places}
            defaultPlaceId={defaultPlace?.id}
          />
        </Suspense>
      ) : (
        <StockActionsSkeleton />
      )}
      <p className="mt-4 d-flex flex-wrap gap-2">
        <Link to={paths.manageInventory} className="btn btn-outline-dark">
          Manage Inventory
        </Link>
        <EditBikeLink bike={bike} />
        <Link to={bikeLabelPath(bike._id)} className="btn btn-outline-dark">
          Print its label
        </Link>
      </p>
      <TrackingControls bike={bike} disabled={removed} />
    </>
  );
}

/** The page's frame: its heading stays while the bike loads. */
function BikePageFrame({ children }: { children: ReactNode }) {
  return (
    <Container as="section" className="py-5">
      <h1 className="text-center mb-4">Update Now</h1>
      {children}
    </Container>
  );
}

/** The bike's photo box and facts to come, where they will be. */
function BikeSkeleton() {
  return (
    <Skeleton label="Loading the bike…">
      <Row className="g-4 align-items-start">
        <Col md={6}>
          <span className="placeholder skeleton-block col-8 h2 mb-3" />
          <SkeletonLines lines={4} />
          <span className="placeholder btn btn-danger btn-lg disabled col-12" />
        </Col>
        <Col md={6}>
          <div className="skeleton-photo rounded" />
        </Col>
      </Row>
    </Skeleton>
  );
}

/**
 * The bike, and what can be done with it. `removed`: it was taken out of the warehouse while
 * shown; the page keeps it in view so the person knows what went, says so, and offers nothing more
 * to do with it.
 */
function BikeView({ bike, removed }: { bike: Bike; removed: boolean }) {
  const change = useStockChangeNote(bike._id);
  const { canChangeStock } = useAccount();
  return (
    <BikePageFrame>
      {/*
        The work first: name, quantity, Delivered and Import, then the photo and description. On
        a phone that puts them in the first screen; on a desktop they are the left column, clear
        of the toasts top right (app.css).
      */}
      <Row className="g-4 align-items-start">
        <Col md={6}>
          <h2>{bike.name}</h2>
          <dl className="bike-facts mb-1">
            <dt>Price</dt>
            <dd>{formatPrice(bike.price)}</dd>
            <dt>Supplier name</dt>
            <dd>{bike.supplierName}</dd>
            {bike.stockNumber && (
              <>
                <dt>Stock number</dt>
                <dd className="font-monospace">{bike.stockNumber}</dd>
              </>
            )}
            <dt>Quantity</dt>
            {/* The badge sits in the live region too, so a change of state is heard with the number. */}
            <dd aria-live="polite">
              <span data-testid="bike-quantity">{bike.quantity}</span> <StockBadge bike={bike} />
            </dd>
          </dl>
          {/* The latest change, "1 delivered just now"; its line stays when empty, so nothing moves. */}
          <p
            role="status"
            aria-live="polite"
            className="stock-change-note small text-body-secondary mb-2"
          >
            {change}
          </p>
          <PlaceStockList bike={bike} />
          {bike.tracksUnits && canChangeStock && <BikeUnits bike={bike} disabled={removed} />}
          {removed && (
            // Assertive: the buttons below stopped working under the person's hands.
            <Alert variant="warning" role="alert">
              <p className="mb-2">
                {bike.name} was removed from the warehouse. Its stock can no longer be changed here.
              </p>
              <Link to={paths.inventory}>Back to the inventory</Link>
            </Alert>
          )}
          <StaffActions bike={bike} removed={removed} />
        </Col>
        <Col md={6}>
          <BikePhoto
            bike={bike}
            width={640}
            height={400}
            fetchPriority="high"
            className="img-fluid rounded shadow-sm"
          />
          <p className="mt-3">{bike.des}</p>
        </Col>
      </Row>
      {canChangeStock && <MovementList bikeId={bike._id} />}
    </BikePageFrame>
  );
}

export function BikeDetailPage() {
  const { id = "" } = useParams();
  const { data: bike, error, isError, isPending, refetch } = useBike(id);
  usePageTitle(bike?.name ?? "Update Now");

  if (isPending) {
    return (
      <BikePageFrame>
        <BikeSkeleton />
      </BikePageFrame>
    );
  }
  if (isError) {
    if (!(error instanceof ApiRequestError && error.status === 404)) {
      return (
        <BikePageFrame>
          <ErrorMessage error={error} onRetry={() => void refetch()} />
        </BikePageFrame>
      );
    }
    // A 404 after the bike was shown: removed while open (a live removal, or a refetch after one).
    return bike ? <BikeView bike={bike} removed /> : <BikeNotFound />;
  }
  return <BikeView bike={bike} removed={false} />;
}
