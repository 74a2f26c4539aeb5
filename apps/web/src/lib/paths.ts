/** Every client route in one place, so links and the router never disagree. */
export const paths = {
  home: "/",
  inventory: "/inventory",
  bike: (id: string) => `/inventory/${encodeURIComponent(id)}`,
  blog: "/blog",
  login: "/login",
  register: "/register",
  manageInventory: "/manage-inventory",
  addNew: "/add-new",
  myItems: "/my-item",
} as const;
