import type { Person } from "@ultimate-bikes/contract/people";
import type { AccessPolicy } from "@ultimate-bikes/contract/roles";
import Table from "react-bootstrap/Table";
import { toast } from "react-toastify";
import { CardList } from "../../components/card-list";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { useRemovePerson } from "./people-api";
import { PersonActions } from "./person-actions";
import { ROLE_LABELS } from "../../lib/account";

/** Bootstrap's md breakpoint: from here the table fits without sideways scrolling. */
const TABLE_WIDTH = "(min-width: 768px)";

/** Under `open` everyone is staff anyway; only admin rights wait for a verified email. */
const UNVERIFIED: Record<AccessPolicy, string> = {
  invite: "Email not verified: staff rights start once verified",
  open: "Email not verified: admin rights start once verified",
};

const removalQuestion = (name: string) =>
  `Remove ${name}? They are signed out at once. The bikes they added stay in the warehouse as its own stock, and the ledger keeps their history.`;

const bikesKept = (count: number) =>
  count === 0
    ? "They had added no bikes."
    : `The ${count === 1 ? "bike" : `${count} bikes`} they added stay${count === 1 ? "s" : ""} in the warehouse.`;

interface PeopleListProps {
  people: Person[];
  signedInId: string;
  accessPolicy: AccessPolicy;
}

/** Everyone with an account: a table on a tablet or wider, one card each on a phone. */
export function PeopleList({ people, signedInId, accessPolicy }: PeopleListProps) {
  const wide = useMediaQuery(TABLE_WIDTH);
  const remove = useRemovePerson();

  function onRemove(person: Person) {
    if (!window.confirm(removalQuestion(person.name))) return;
    remove.mutate(person.id, {
      onSuccess: (removed) =>
        toast.success(`${person.name} was removed. ${bikesKept(removed.bikesKept)}`),
      onError: (error) => toast.error(error.message),
    });
  }
  const actionsOf = (person: Person) => (
    <PersonActions
      person={person}
      signedInId={signedInId}
      onRemove={onRemove}
      removing={remove.isPending && remove.variables === person.id}
    />
  );

  return wide ? (
    <Table size="sm" className="align-middle" aria-label="People">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <tr key={person.id}>
            <th scope="row" className="fw-normal">
              {person.name}
              <div className="small text-body-secondary">
                Joined {formatDateTime(person.createdAt)}
              </div>
            </th>
            <td className="text-break">
              {person.email}
              <div className="small text-body-secondary">
                {person.emailVerified ? "Verified" : UNVERIFIED[accessPolicy]}
              </div>
            </td>
            <td>{ROLE_LABELS[person.role]}</td>
            <td>{actionsOf(person)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  ) : (
    <CardList label="People" items={people} idOf={(person) => person.id} headingPrefix="person">
      {(person, headingId) => (
        <>
          <h3 id={headingId} className="h6 mb-2">
            {person.name}
          </h3>
          <dl className="small mb-3">
            <dt>Email</dt>
            <dd className="text-break">{person.email}</dd>
            <dt>Verified</dt>
            <dd>{person.emailVerified ? "Yes" : UNVERIFIED[accessPolicy]}</dd>
            <dt>Role</dt>
            <dd>{ROLE_LABELS[person.role]}</dd>
            <dt>Joined</dt>
            <dd>{formatDateTime(person.createdAt)}</dd>
          </dl>
          {actionsOf(person)}
        </>
      )}
    </CardList>
  );
}
