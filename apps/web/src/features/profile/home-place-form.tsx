import { useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { FormProblem } from "../../components/form-problem";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { usePlaces } from "../../lib/places";
import { useSetHomePlace } from "./profile-api";

/** The select's value for no home place: the main warehouse is the default. */
const NONE = "";

/**
 * The place the person's stock actions happen at unless they pick another: one of the open
 * places, or none (the main warehouse). A home place archived since is said, and treated as none.
 */
export function HomePlaceForm({ homePlaceId }: { homePlaceId: string | null }) {
  const places = usePlaces();
  const setHomePlace = useSetHomePlace();
  const [chosen, setChosen] = useState<string>();

  if (places.isPending) {
    return (
      <Skeleton label="Loading places…">
        <SkeletonLines lines={1} />
      </Skeleton>
    );
  }
  if (places.isError) {
    return <ErrorMessage error={places.error} onRetry={() => void places.refetch()} />;
  }
  const choices = places.data.filter((place) => !place.main);
  const homeIsOpen = choices.some((place) => place.id === homePlaceId);
  const saved = homeIsOpen ? (homePlaceId ?? NONE) : NONE;
  const value = chosen ?? saved;

  function save(event: FormEvent) {
    event.preventDefault();
    setHomePlace.mutate(value === NONE ? null : value, {
      onSuccess: () => {
        const place = choices.find((each) => each.id === value);
        toast.success(
          place ? `Your home place is ${place.name}.` : "Your home place is the main warehouse.",
        );
        setChosen(undefined);
      },
    });
  }

  return (
    <Form onSubmit={save}>
      <Form.Group className="mb-3" controlId="home-place">
        <Form.Label>Home place</Form.Label>
        <Form.Select
          value={value}
          aria-describedby="home-place-hint"
          onChange={(event) => setChosen(event.currentTarget.value)}
        >
          <option value={NONE}>Main warehouse (default)</option>
          {choices.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="home-place-hint">
          Your deliveries and imports happen here unless you pick another place.
          {homePlaceId !== null && !homeIsOpen && (
            <> The home place you chose was archived: the main warehouse is your default again.</>
          )}
        </Form.Text>
      </Form.Group>
      <FormProblem message={setHomePlace.error?.message} />
      <Button type="submit" variant="danger" disabled={setHomePlace.isPending || value === saved}>
        {setHomePlace.isPending ? "Saving…" : "Save home place"}
      </Button>
    </Form>
  );
}
