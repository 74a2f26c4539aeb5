import Button from "react-bootstrap/Button";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import { useSignOutOtherSessions, warmAuthClient } from "./profile-api";

/** Signs out every other browser and device where this account is signed in. */
export function OtherSessions() {
  const signOut = useSignOutOtherSessions();
  return (
    <>
      <p id="other-sessions-hint">
        Signed in on a shared or lost device? This signs out every other browser and device, and
        their access tokens stop working. You stay signed in here.
      </p>
      <FormProblem message={signOut.error?.message} />
      <Button
        variant="outline-dark"
        aria-describedby="other-sessions-hint"
        disabled={signOut.isPending}
        onFocus={warmAuthClient}
        onMouseEnter={warmAuthClient}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: () => toast.success("Every other session is signed out."),
          })
        }
      >
        {signOut.isPending ? "Signing out…" : "Sign out other sessions"}
      </Button>
    </>
  );
}
