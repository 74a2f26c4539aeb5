/** Why a form was not sent, announced as soon as it shows. */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="text-danger" role="alert">
      {message}
    </p>
  );
}
