import { Link } from "react-router";
import { bikeEditPath } from "../../lib/paths";

/** The way to a bike's edit form, named after the bike so each one is told apart. */
export function EditBikeLink({
  bike,
  small = false,
}: {
  bike: { _id: string; name: string };
  small?: boolean;
}) {
  return (
    <Link
      to={bikeEditPath(bike._id)}
      className={`btn btn-outline-dark${small ? " btn-sm" : ""}`}
      aria-label={`Edit ${bike.name}`}
    >
      Edit
    </Link>
  );
}
