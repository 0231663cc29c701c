import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { requestedSelects, sameSelects, selectsPath } from "#app/lib/selects.ts";
import { adoptSelects, readSelects, setSelects, useSelects } from "#app/lib/selects-store.ts";

/**
 * The working list on this device, kept together with this page's list where that is what the
 * visitor means (docs/selects.md, "The working list and the page's list").
 */
export function useWorkingList(ids: string[]): readonly string[] | null {
  const working = useSelects();
  const navigate = useNavigate();
  const { search } = useLocation();
  const settled = useRef(false);
  const previous = useRef(ids);

  useEffect(() => {
    if (working === null || settled.current) return;
    settled.current = true;
    const requested = requestedSelects(new URLSearchParams(search)).ids;
    if (requested.length === 0 && working.length > 0) navigate(selectsPath(working), { replace: true });
    else if (working.length === 0) adoptSelects(ids);
    else if (sameSelects(working, requested)) setSelects(ids);
  }, [working, search, ids, navigate]);

  useEffect(() => {
    const before = previous.current;
    previous.current = ids;
    if (!sameSelects(before, ids) && sameSelects(readSelects(), before)) setSelects(ids);
  }, [ids]);

  return working;
}
