import type { ImportProblem } from "@ultimate-bikes/contract/stock-csv";
import Table from "react-bootstrap/Table";

/** An import file's problems, a row each: its line, its column and what is wrong. */
export function ProblemTable({ problems }: { problems: readonly ImportProblem[] }) {
  return (
    <Table size="sm" bordered responsive className="mb-4">
      <caption className="visually-hidden">Problems in the file</caption>
      <thead>
        <tr>
          <th scope="col" className="text-end">
            Line
          </th>
          <th scope="col">Column</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {problems.map((problem, index) => (
          <tr key={index}>
            <td className="text-end">{problem.line}</td>
            <td>{problem.column ?? "(the row)"}</td>
            <td>{problem.message}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
