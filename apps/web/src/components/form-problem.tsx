import { useEffect, useRef } from "react";

interface FormProblemProps {
  message: string | undefined;
  /** Red, as Login shows its problems; `plain` for Register, which shows them as plain text. */
  tone?: "danger" | "plain";
}

/**
 * Why a form was not sent, announced as soon as it shows. It takes focus too: after a failed
 * submit the form may have been swapped for a spinner and back, and focus would otherwise fall to
 * the page's start; from the problem, the next Tab leads on through the form.
 */
export function FormProblem({ message, tone = "danger" }: FormProblemProps) {
  const problem = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) problem.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={problem}
      tabIndex={-1}
      className={tone === "danger" ? "text-danger" : undefined}
      role="alert"
    >
      {message}
    </p>
  );
}
