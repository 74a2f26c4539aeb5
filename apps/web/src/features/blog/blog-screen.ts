import { paths } from "../../lib/paths";
import type { Screen } from "../../lib/screen";

export const blogScreen: Screen = {
  paths: [paths.blog],
  page: () => import("./blog-page").then((module) => module.BlogPage),
  nav: { label: "Blogs", for: "everyone" },
};
