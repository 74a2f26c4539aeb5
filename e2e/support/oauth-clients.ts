/** The two OAuth clients the e2e server is configured with, and the person each signs in. */
export const OAUTH_CLIENTS = {
  google: {
    clientId: "google-e2e-client",
    clientSecret: "google-e2e-secret",
    email: "google.rider@example.com",
    name: "Google Rider",
  },
  github: {
    clientId: "github-e2e-client",
    clientSecret: "github-e2e-secret",
    email: "github.rider@example.com",
    name: "GitHub Rider",
  },
} as const;
