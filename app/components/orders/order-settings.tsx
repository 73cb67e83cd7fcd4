// The Other settings tab (seller only, spec sections 2 and 4): service details, schedule, price and chat settings as
// edit-in-place sections (view, Edit, then Save), each editable only while section 4 allows.
import { TranslatedText } from "#app/components/translation/translated-text";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ChatSettingsFields, ChatSettingsView, saveChatSettings } from "#app/components/chat/chat-settings";
import { ErrorText } from "#app/components/form/error-text";
import { TextField } from "#app/components/form/text-field";
import { TextareaField } from "#app/components/form/textarea-field";
import { SelectField } from "#app/components/form/select-field";
import { StagePlanEditor } from "#app/components/authoring/stage-plan-editor";
import { stagePlanTextsFor } from "#app/components/authoring/stage-plan-texts";
import { planOfStages, type OrderStage } from "#worker/orders/domain/order-stages";
import { rowsOfPlan } from "#worker/orders/domain/stage-plan-rows";
import {
  editable as orderEditable,
  ORDER_DETAILS_DESCRIPTION_MAX,
  ORDER_DETAILS_TITLE_MAX,
} from "#worker/orders/domain/order";
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from "#worker/orders/domain/order-process";
import { m } from "#app/paraglide/messages.js";
import { sellerEditable } from "#worker/orders/domain/order-display";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { formatPriceInput } from "#worker/domain/pricing";
import { dateInputValue, showDate, showMoney } from "./order-format";

/** The dates an order keeps (worker/orders/domain/order.ts): the picker offers only those; the server refuses the rest too. */
const DATE_WINDOW = { min: dateInputValue(EARLIEST_TIMESTAMP), max: dateInputValue(LATEST_TIMESTAMP) };

/**
 * One section. It posts to the page's action (with `hidden`), or, given `save`, hands the form to it instead (an API
 * outside the page's action): `save` answers null once saved, else the message to show. The page's action answers a
 * refused field with its message by field name (`errors`), which `fields`, given as a function, shows on the field.
 */
function EditInPlace({
  id,
  heading,
  editable,
  lockedNote,
  view,
  fields,
  hidden = {},
  save,
}: {
  id: string;
  heading: string;
  editable: boolean;
  lockedNote: string;
  view: ReactNode;
  fields: ReactNode | ((errors: Record<string, string>) => ReactNode);
  hidden?: Record<string, string>;
  save?: (form: FormData) => Promise<string | null>;
}) {
  const fetcher = useFetcher<{ ok: boolean; errors?: Record<string, string> }>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [savingElsewhere, setSavingElsewhere] = useState(false);
  const saving = fetcher.state !== "idle" || savingElsewhere;
  // Edit and the form replace each other: focus follows into the form's first field, and back to Edit when the
  // form closes (saved or cancelled), so a keyboard user is never left on the page's body.
  const editButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const shownEditing = useRef(editing);
  useEffect(() => {
    if (shownEditing.current === editing) return;
    shownEditing.current = editing;
    // A form may have no field yet (a plan without milestones): then its first button, "Add milestones".
    if (editing)
      form.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, button")?.focus();
    else editButton.current?.focus();
  }, [editing]);
  // Back to the view once the save went through (the page's data is revalidated with it); else the fields' messages.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) setEditing(false);
    setFieldErrors(fetcher.data.ok ? {} : (fetcher.data.errors ?? {}));
  }, [fetcher.state, fetcher.data]);
  function stopEditing() {
    setEditing(false);
    setFieldErrors({});
  }
  async function onSave(event: FormEvent<HTMLFormElement>) {
    if (!save) return;
    event.preventDefault();
    setSavingElsewhere(true);
    const problem = await save(new FormData(event.currentTarget));
    setSavingElsewhere(false);
    setSaveError(problem);
    if (problem) return;
    setEditing(false);
    revalidator.revalidate();
  }
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="font-semibold text-zinc-900 dark:text-zinc-50">
          {heading}
        </h3>
        {editable && !editing && (
          <button
            ref={editButton}
            type="button"
            onClick={() => setEditing(true)}
            className="button-secondary min-h-11"
            aria-describedby={`${id}-heading`}
          >
            {m.orders_edit()}
          </button>
        )}
      </div>
      {editing ? (
        <fetcher.Form ref={form} method="post" className="space-y-3" onSubmit={save ? onSave : undefined}>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {typeof fields === "function" ? fields(fieldErrors) : fields}
          <ErrorText text={saveError} />
          <div className="flex gap-2">
            <button type="submit" disabled={saving} className="button-primary min-h-11 disabled:opacity-60">
              {m.orders_save()}
            </button>
            <button type="button" onClick={stopEditing} className="button-secondary min-h-11">
              {m.orders_cancel_edit()}
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <>
          {view}
          {!editable && <p className="text-sm text-zinc-700 dark:text-zinc-300">{lockedNote}</p>}
        </>
      )}
    </section>
  );
}

export function OrderSettings({ order }: { order: OrderDetail }) {
  const can = sellerEditable(order.facts);
  const room = order.chatRoom;
  return (
    <div className="space-y-4">
      <EditInPlace
        id="order-details"
        heading={m.orders_details_heading()}
        editable={can.serviceDetails}
        lockedNote={m.orders_details_locked()}
        hidden={{ orderId: order.id, intent: "updateServiceDetails" }}
        view={
          <div className="space-y-1 text-sm">
            <TranslatedText
              text={order.title}
              reading={order.titleReading}
              className="font-medium text-zinc-900 dark:text-zinc-50"
            />
            {order.description ? (
              <TranslatedText
                text={order.description}
                reading={order.descriptionReading}
                className="whitespace-pre-line text-zinc-700 dark:text-zinc-300"
              />
            ) : null}
            <p className="text-zinc-700 dark:text-zinc-300">
              {m.authoring_field_category()}:{" "}
              {order.categories.length
                ? order.categories.map((c) => c.name).join(", ")
                : m.authoring_field_category_none()}
            </p>
          </div>
        }
        fields={(errors) => (
          <>
            <TextField
              name="title"
              id="order-details-title"
              label={m.orders_details_title()}
              defaultValue={order.title}
              required
              maxLength={ORDER_DETAILS_TITLE_MAX}
            />
            <TextareaField
              name="description"
              id="order-details-description"
              label={m.orders_details_description()}
              defaultValue={order.description}
              rows={5}
              maxLength={ORDER_DETAILS_DESCRIPTION_MAX}
            />
            {/* Spec section 5: the optional categoryCode. One category: an order from a service with several keeps the one chosen here. */}
            <SelectField
              name="categoryCode"
              id="order-details-category"
              label={m.authoring_field_category()}
              defaultValue={order.categories[0]?.code ?? ""}
              error={errors.categoryCode}
              options={[
                { value: "", label: m.authoring_field_category_none() },
                ...order.categoryOptions.map((c) => ({ value: c.code, label: c.name })),
              ]}
            />
          </>
        )}
      />
      <EditInPlace
        id="order-schedule"
        heading={m.orders_schedule_heading()}
        editable={can.schedule}
        lockedNote={m.orders_schedule_locked()}
        hidden={{ orderId: order.id, intent: "updateSchedule" }}
        view={
          <dl className="text-sm">
            <div className="flex justify-between py-1">
              <dt className="text-zinc-700 dark:text-zinc-300">{m.orders_estimated_start()}</dt>
              <dd>{showDate(order.estimatedStart)}</dd>
            </div>
            <div className="flex justify-between py-1">
              <dt className="text-zinc-700 dark:text-zinc-300">{m.orders_estimated_delivery()}</dt>
              <dd>{showDate(order.estimatedDelivery)}</dd>
            </div>
          </dl>
        }
        fields={(errors) => (
          <>
            <TextField
              type="date"
              name="estimatedStart"
              id="order-estimated-start"
              label={m.orders_estimated_start()}
              defaultValue={dateInputValue(order.estimatedStart)}
              {...DATE_WINDOW}
              error={errors.estimatedStart}
            />
            <TextField
              type="date"
              name="estimatedDelivery"
              id="order-estimated-delivery"
              label={m.orders_estimated_delivery()}
              defaultValue={dateInputValue(order.estimatedDelivery)}
              {...DATE_WINDOW}
              error={errors.estimatedDelivery}
            />
          </>
        )}
      />
      <EditInPlace
        id="order-price"
        heading={m.orders_price_heading()}
        editable={can.price}
        lockedNote={m.orders_price_locked()}
        hidden={{ orderId: order.id, intent: "updatePrice", currency: order.currencyCode }}
        view={
          <p className="text-sm">
            {order.priceAmount === null ? m.orders_not_set() : showMoney(order.priceAmount, order.currencyCode)}
          </p>
        }
        fields={(errors) => (
          <TextField
            name="price"
            id="order-price-input"
            inputMode="decimal"
            label={m.orders_price_label({ currency: order.currencyCode })}
            defaultValue={formatPriceInput(order.priceAmount, order.currencyCode)}
            error={errors.price}
          />
        )}
      />
      <EditInPlace
        id="order-stages"
        heading={m.authoring_stages_heading()}
        editable={orderEditable.stages(order.facts)}
        lockedNote={m.authoring_stages_locked()}
        hidden={{ orderId: order.id, intent: "setStages" }}
        view={<StagesView stages={order.stages} />}
        fields={(errors) => (
          <StagePlanEditor
            idPrefix="order-stage"
            rows={rowsOfPlan(planOfStages(order.stages))}
            errors={errors}
            texts={stagePlanTextsFor()}
          />
        )}
      />
      {room && (
        <EditInPlace
          id="order-chat-settings"
          heading={m.orders_chat_settings_heading()}
          editable={can.chatSettings}
          lockedNote={m.chat_settings_locked()}
          save={(form) => saveChatSettings(room, form)}
          view={<ChatSettingsView room={room} />}
          fields={<ChatSettingsFields room={room} />}
        />
      )}
    </div>
  );
}

/** The order's milestones as planned (the seller's view; the timeline shows how they stand). */
function StagesView({ stages }: { stages: OrderStage[] }) {
  if (stages.length === 0)
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.authoring_stages_none()}</p>;
  return (
    <ol className="list-decimal space-y-1 ps-5 text-sm text-zinc-900 dark:text-zinc-100">
      {stages.map((s, i) => (
        <li key={`${i}-${s.title}`}>
          {m.authoring_stage_row({ title: s.title, share: s.sharePercent, revisions: s.includedRevisions })}
        </li>
      ))}
    </ol>
  );
}
