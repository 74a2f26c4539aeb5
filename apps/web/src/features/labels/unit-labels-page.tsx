import { useQueries } from "@tanstack/react-query";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import { unitPath, type Unit } from "@ultimate-bikes/contract/units";
import { useSearchParams } from "react-router";
import { QrImage } from "../../components/qr-image";
import { StaffPage } from "../../components/staff-page";
import { apiRequest } from "../../lib/api-client";
import { idsIn, LabelSheet, PrintControls, usePaper } from "./label-print";

/**
 * A chassis number as its label prints it: the maker's code, the model's part with its check
 * digit, then the serial part (ISO 3779), so a person reads and compares it group by group.
 */
export const chassisInGroups = (chassis: string) =>
  [chassis.slice(0, 3), chassis.slice(3, 9), chassis.slice(9)].filter(Boolean).join(" ");

/**
 * Staff print a label for each unit listed in the address (`?units=a,b`): a QR code of its
 * chassis number, which Scan opens, beside the models' labels (issue 24).
 */
export function UnitLabelsPage() {
  return (
    <StaffPage
      title="Unit labels"
      refusal="Only warehouse staff print labels. Ask an admin if you need to."
    >
      <UnitLabels />
    </StaffPage>
  );
}

function UnitLabels() {
  const [search] = useSearchParams();
  const ids = idsIn(search, "units");
  const [paper, setPaper] = usePaper();
  const units = useQueries({
    queries: ids.map((id) => ({
      queryKey: ["units", "detail", id],
      queryFn: () => apiRequest(unitPath(id), unitPageSchema),
    })),
  });
  return (
    <>
      <PrintControls paper={paper} onPaper={setPaper} canPrint={ids.length > 0} />
      {ids.length === 0 ? (
        <p className="no-print">
          No units chosen. Open a model's units and print their labels from there.
        </p>
      ) : (
        <LabelSheet paper={paper}>
          {units.map((unit, index) =>
            unit.data ? (
              <UnitLabel key={ids[index]} unit={unit.data.unit} />
            ) : (
              <div key={ids[index]} className="bike-label text-body-secondary">
                {unit.error ? "This unit is not recorded." : "Loading…"}
              </div>
            ),
          )}
        </LabelSheet>
      )}
    </>
  );
}

function UnitLabel({ unit }: { unit: Unit }) {
  return (
    <article className="bike-label unit-label" aria-label={`Label of unit ${unit.chassis}`}>
      <span className="unit-label-chassis font-monospace">{chassisInGroups(unit.chassis)}</span>
      <QrImage text={unit.chassis} size={72} alt={`QR code of chassis number ${unit.chassis}`} />
      <div className="bike-label-text small">
        <span className="d-block font-monospace text-break">Engine {unit.engine}</span>
        <strong className="d-block text-break">{unit.bikeName}</strong>
        <span className="d-block text-break">
          {unit.colour}, {unit.modelYear}
        </span>
      </div>
    </article>
  );
}
