import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's short CSS transitions have ended. A button that slides under the pointer
 * as the page moves fades into its hover colours over 150 ms; axe measuring half-way would report
 * a contrast the user never sees for long. The browser updates hover a frame or two after the
 * layout moved, so a transition may not have started when we first look: wait for two frames,
 * settle, and look again until none is running. Longer ones are not waited on: a toast's
 * countdown is one, and the toast closes when it ends.
 */
async function settleTransitions(page: Page) {
  for (let round = 0; round < 5; round += 1) {
    const running = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const transitions = document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition &&
            animation.playState === "running" &&
            Number(animation.effect?.getTiming().duration) <= 1000,
        );
      await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
      return transitions.length;
    });
    if (running === 0) return;
  }
}

/** Fails on any serious or critical accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // The pointer left where the last click put it: a control that the page's new layout slid
  // under it would start its hover fade only when the browser next checks what the pointer is
  // over, which can be after the transitions have settled.
  await page.mouse.move(0, 0);
  await settleTransitions(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}
