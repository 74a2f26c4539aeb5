import type { SignInProviders } from "@ultimate-bikes/contract/accounts";
import { useEffect, useRef } from "react";
import Button from "react-bootstrap/Button";
import { paths } from "../../lib/paths";
import { signedInEmail, socialSignInUrl, useSignInProviders } from "./auth-api";

export const OAUTH_MESSAGE_TYPE = "ultimate-bikes:oauth-complete";
const POPUP_FEATURES = "popup,width=500,height=600";

const providers = [
  { id: "google", label: "Continue with google", name: "Google" },
  { id: "github", label: "Continue with Github", name: "GitHub" },
] as const satisfies readonly { id: keyof SignInProviders; label: string; name: string }[];

type ProviderId = (typeof providers)[number]["id"];

/** better-auth reports a failed provider sign-in as a code such as ACCESS_DENIED. */
export const describeSignInError = (code: string) =>
  `Sign-in failed: ${code.replaceAll("_", " ").toLowerCase()}`;

interface SocialSignInHandlers {
  /** Where a full-page redirect (popup blocked) should land afterwards. */
  returnPath: string;
  onStart(): void;
  onSignedIn(): void;
  onError(message: string): void;
}

/**
 * "Continue with google/Github": a 500×600 popup runs the provider's flow on our own origin and
 * posts back when done, so the opener keeps its state; a blocked popup falls back to a redirect.
 * A hook, so the listener outlives the buttons while the page shows its spinner.
 */
export function useSocialSignIn({
  returnPath,
  onStart,
  onSignedIn,
  onError,
}: SocialSignInHandlers) {
  const popupRef = useRef<Window | null>(null);
  const handlers = useRef({ onSignedIn, onError });
  useEffect(() => {
    handlers.current = { onSignedIn, onError };
  });

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== popupRef.current) return;
      const data = event.data as { type?: string; error?: string | null };
      if (data.type !== OAUTH_MESSAGE_TYPE) return;
      popupRef.current = null;
      if (data.error) {
        handlers.current.onError(describeSignInError(data.error));
      } else {
        handlers.current.onSignedIn();
      }
    }
    window.addEventListener("message", onMessage);
    // A closed popup whose message we have not seen: the session says how it ended (the popup
    // may close before its message is delivered, or the user may have closed it).
    const watcher = window.setInterval(() => {
      if (!popupRef.current?.closed) return;
      popupRef.current = null;
      void signedInEmail().then((email) => {
        if (email) handlers.current.onSignedIn();
        else handlers.current.onError("The sign-in window was closed before signing in.");
      });
    }, 500);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(watcher);
    };
  }, []);

  return async function start(provider: ProviderId) {
    onStart();
    // Opened synchronously inside the click, or popup blockers step in.
    const popup = window.open("", `sign-in-${provider}`, POPUP_FEATURES);
    // Inside the popup, success and failure both end on the page that reports back to us.
    const ends = popup
      ? { callbackURL: paths.oauthPopupDone, errorCallbackURL: paths.oauthPopupDone }
      : { callbackURL: returnPath, errorCallbackURL: paths.login };
    let url;
    try {
      url = await socialSignInUrl(provider, ends);
    } catch (failure) {
      popup?.close();
      onError((failure as Error).message);
      return;
    }
    if (popup) {
      popupRef.current = popup;
      popup.location.href = url;
    } else {
      window.location.assign(url);
    }
  };
}

/** The provider buttons; one that has no credentials on this server says so and stays off. */
export function SocialSignInButtons({ onChoose }: { onChoose(provider: ProviderId): void }) {
  const configured = useSignInProviders();
  return (
    <div className="d-grid gap-2">
      {providers.map((provider) => {
        const unavailable = configured.data?.[provider.id] === false;
        const noteId = `${provider.id}-not-configured`;
        return (
          <div key={provider.id} className="d-grid">
            <Button
              variant="outline-dark"
              onClick={() => onChoose(provider.id)}
              disabled={!configured.data || unavailable}
              aria-describedby={unavailable ? noteId : undefined}
            >
              {provider.label}
            </Button>
            {unavailable && (
              <small id={noteId} className="text-body-secondary text-center">
                {provider.name} sign-in is not configured on this server.
              </small>
            )}
          </div>
        );
      })}
    </div>
  );
}
