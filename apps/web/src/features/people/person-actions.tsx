import type { Person } from "@ultimate-bikes/contract/people";
import { ROLES, roleSchema } from "@ultimate-bikes/contract/roles";
import { useState } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { useChangeRole } from "./people-api";
import { ROLE_LABELS } from "../../lib/account";

/** Why an admin may not change this person here, if they may not (the server refuses it too). */
function lockedReason(person: Person, signedInId: string): string | undefined {
  if (person.id === signedInId) {
    return "This is you: another admin can change your role or remove your account.";
  }
  if (person.configuredAdmin) {
    return "An admin through ADMIN_EMAILS: the server's configuration sets this role.";
  }
  return undefined;
}

interface PersonActionsProps {
  person: Person;
  signedInId: string;
  /** Removal lives in the list: this row goes once it is done, and its callbacks with it. */
  onRemove: (person: Person) => void;
  removing: boolean;
}

/**
 * A person's role select with Save, and Remove: named after the person so each is told apart,
 * and off, with the reason as text, for yourself and for ADMIN_EMAILS admins.
 */
export function PersonActions({ person, signedInId, onRemove, removing }: PersonActionsProps) {
  // An ADMIN_EMAILS admin's stored role is not what they are: show the role they have (locked).
  const [role, setRole] = useState(person.configuredAdmin ? person.role : person.storedRole);
  const changeRole = useChangeRole();
  const locked = lockedReason(person, signedInId);
  const reasonId = `person-${person.id}-locked`;
  const busy = changeRole.isPending || removing;

  function save() {
    changeRole.mutate(
      { id: person.id, role },
      {
        onSuccess: (changed) =>
          toast.success(`${changed.name} is now ${ROLE_LABELS[changed.storedRole]}.`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={`Role for ${person.name}`}
        aria-describedby={locked ? reasonId : undefined}
        value={role}
        disabled={Boolean(locked) || busy}
        onChange={(event) => setRole(roleSchema.parse(event.target.value))}
      >
        {ROLES.map((option) => (
          <option key={option} value={option}>
            {ROLE_LABELS[option]}
          </option>
        ))}
      </Form.Select>
      <Button
        variant="outline-dark"
        size="sm"
        onClick={save}
        disabled={Boolean(locked) || busy || role === person.storedRole}
        aria-label={`Save the role of ${person.name}`}
        aria-describedby={locked ? reasonId : undefined}
      >
        Save
      </Button>
      <Button
        variant="outline-danger"
        size="sm"
        onClick={() => onRemove(person)}
        disabled={Boolean(locked) || busy}
        aria-label={`Remove ${person.name}`}
        aria-describedby={locked ? reasonId : undefined}
      >
        Remove
      </Button>
      {locked && (
        <p id={reasonId} className="small text-body-secondary mb-0 w-100">
          {locked}
        </p>
      )}
    </div>
  );
}
