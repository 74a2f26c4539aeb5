import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { OAUTH_MESSAGE_TYPE } from "./social-sign-in";

/** Where the provider's flow ends inside the popup: tell the opener, then close. */
export function OAuthPopupDonePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get("error");
  useEffect(() => {
    if (window.opener && window.opener !== window) {
      (window.opener as Window).postMessage(
        { type: OAUTH_MESSAGE_TYPE, error },
        window.location.origin,
      );
      window.close();
    } else {
      navigate(error ? paths.login : paths.home, { replace: true });
    }
  }, [error, navigate]);
  return <LoadingSpinner label="Finishing sign-in…" />;
}
