import { createBrowserRouter } from "react-router";
import { BikeDetailPage } from "../features/bikes/bike-detail-page";
import { InventoryPage } from "../features/bikes/inventory-page";
import { BlogPage } from "../features/blog/blog-page";
import { RootLayout } from "./layout/root-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundRoute } from "./routes/not-found-route";

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: "inventory", element: <InventoryPage /> },
      { path: "inventory/:id", element: <BikeDetailPage /> },
      { path: "inventory/inventory/:id", element: <BikeDetailPage /> },
      { path: "blog", element: <BlogPage /> },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);
