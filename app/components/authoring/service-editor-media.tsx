// The service editor's gallery (issue 10: "Services show media"): the shared media list, kept in client state and
// posted as JSON in one hidden field, so the rest of the service form stays a plain HTML form.
import { useState } from "react";
import { SERVICE_MEDIA_MAX_FILES } from "#worker/media/domain/media-limits";
import type { WorkMediaDraft } from "#worker/media/domain/media-drafts";
import type { KeyedMedia } from "./media-list-field";
import { MediaListField } from "./media-list-field";

/** The hidden field's name; serviceDraftFrom reads it back. */
export const SERVICE_MEDIAS_FIELD = "medias";

/** The posted gallery: what the editor held, without its React keys; anything unreadable is an empty gallery. */
export function serviceMediasFrom(value: FormDataEntryValue | null): WorkMediaDraft[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? "[]"));
    return Array.isArray(parsed) ? (parsed as WorkMediaDraft[]) : [];
  } catch {
    return [];
  }
}

/**
 * At most SERVICE_MEDIA_MAX_FILES files, links and embeds ('Limit exceeded' past it); the first is the card's
 * thumbnail. Files upload under the service's folder, so a new service (no id yet) adds links and embeds until saved.
 */
export function ServiceMediaField(props: {
  texts: { heading: string; hint: string; saveFirst: string };
  serviceId: string | null;
  title: string;
  medias: WorkMediaDraft[];
  errors: Record<string, string>;
}) {
  const [medias, setMedias] = useState<KeyedMedia[]>(() =>
    props.medias.map((item, i) => ({ ...item, key: item.id ?? `m${i}` })),
  );
  const posted = medias.map(({ key: _key, ...item }) => item);
  return (
    <div>
      <input type="hidden" name={SERVICE_MEDIAS_FIELD} value={JSON.stringify(posted)} />
      <MediaListField
        idPrefix="service-media"
        legend={props.texts.heading}
        hint={props.texts.hint}
        saveFirstText={props.texts.saveFirst}
        max={SERVICE_MEDIA_MAX_FILES}
        target={props.serviceId ? { domain: "commission-service", id: props.serviceId, field: "medias" } : null}
        title={props.title}
        medias={medias}
        error={props.errors.medias}
        itemError={(index) => props.errors[`medias.${index}`]}
        onChange={setMedias}
      />
    </div>
  );
}
