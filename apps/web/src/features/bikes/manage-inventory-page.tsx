import Button from "react-bootstrap/Button";
import Container from "react-bootstrap/Container";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { formatPrice } from "../../lib/format";
import { bikePagePath, paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useBikes, useDeleteBike } from "./bikes-api";

export function ManageInventoryPage() {
  usePageTitle("Manage Inventory");
  const { data, error, isPending, refetch } = useBikes();
  const deleteBike = useDeleteBike();

  function onDelete(id: string) {
    if (!window.confirm("Are you sure to delete?")) return;
    deleteBike.mutate(id, {
      onSuccess: () => toast.success("Item Deleted!"),
      onError: (failure) => toast.error(failure.message),
    });
  }

  let content;
  if (isPending) content = <LoadingSpinner label="Loading the inventory…" />;
  else if (error) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (data.length === 0)
    content = <p className="text-center text-body-secondary my-5">The warehouse has no bikes.</p>;
  else {
    content = (
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">Photo</th>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((bike) => (
            <tr key={bike._id}>
              <td>
                <img
                  src={bike.photo}
                  alt=""
                  width={96}
                  height={60}
                  className="rounded object-fit-cover"
                  loading="lazy"
                />
              </td>
              <th scope="row">
                <Link to={bikePagePath(bike._id)}>{bike.name}</Link>
              </th>
              <td>{formatPrice(bike.price)}</td>
              <td>{bike.quantity}</td>
              <td className="text-end">
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => onDelete(bike._id)}
                  disabled={deleteBike.isPending && deleteBike.variables === bike._id}
                  aria-label={`Delete ${bike.name}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <Container as="section" className="py-5">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4">
        <h1 className="mb-0">You can manage your inventory</h1>
        <Link to={paths.addNew} className="btn btn-danger">
          Add New item
        </Link>
      </div>
      {content}
    </Container>
  );
}
