import { lazy, useState, type ComponentType, type LazyExoticComponent } from "react";
import type { LazyScreen } from "./screens";

const suspending = new WeakMap<LazyScreen, LazyExoticComponent<ComponentType>>();

/** The screen as a React.lazy component, made once per screen. */
function suspendingScreen(screen: LazyScreen) {
  let component = suspending.get(screen);
  if (!component) {
    component = lazy(async () => ({ default: await screen.preload() }));
    suspending.set(screen, component);
  }
  return component;
}

/**
 * Renders the screen: at once when its chunk is in, through Suspense otherwise. Chosen once per
 * mount, so the page is never swapped for another component (and its state lost) midway.
 */
export function LazyScreenElement({ screen }: { screen: LazyScreen }) {
  const [Screen] = useState(() => screen.loaded ?? suspendingScreen(screen));
  return <Screen />;
}
