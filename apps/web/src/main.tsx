// First, so the current page's chunk is requested before React is evaluated.
import { firstScreenLoaded } from "./app/routes/first-screen";
import "bootstrap/dist/css/bootstrap.min.css";
import "./app/app.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./app/query-client";
import { AppRoutes } from "./app/router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A page opened directly (not Home) renders once its chunk is in, rather than a spinner first.
// As a transition, React renders the first screen in short slices, so a slow phone can still
// answer a tap meanwhile, instead of in one long task.
void firstScreenLoaded.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
