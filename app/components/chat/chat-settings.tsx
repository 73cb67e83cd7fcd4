// The seller's chat settings of an order (spec sections 4 and 7: chatRoom.update from the Other settings tab): who
// may reply, and the per-message character and file limits. The room applies a change to connected clients at once.
import { m } from "#app/paraglide/messages.js";
import { CHAT_CHARACTER_LIMIT_MAX, CHAT_MEDIA_LIMIT_MAX } from "#worker/chat/domain/chat";
import type { ChatRestrictionType, ChatRoomView } from "#worker/chat/domain/chat-protocol";
import { SelectField } from "#app/components/form/select-field";
import { TextField } from "#app/components/form/text-field";

const RESTRICTION_LABELS: Record<ChatRestrictionType, () => string> = {
  UNLIMITED_REPLY: m.chat_settings_unlimited,
  MODERATE_REPLY: m.chat_settings_moderate,
  NO_REPLY: m.chat_settings_no_reply,
};

export function ChatSettingsView({ room }: { room: ChatRoomView }) {
  const rows: [string, string | number][] = [
    [m.chat_settings_restriction(), RESTRICTION_LABELS[room.restrictionType]()],
    [m.chat_settings_character_limit(), room.messageCharacterLimit],
    [m.chat_settings_media_limit(), room.messageMediaLimit],
  ];
  return (
    <dl className="text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-1">
          <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ChatSettingsFields({ room }: { room: ChatRoomView }) {
  return (
    <>
      <SelectField
        name="restrictionType"
        id="order-chat-restriction"
        label={m.chat_settings_restriction()}
        defaultValue={room.restrictionType}
        options={(Object.keys(RESTRICTION_LABELS) as ChatRestrictionType[]).map((value) => ({
          value,
          label: RESTRICTION_LABELS[value](),
        }))}
      />
      <TextField
        type="number"
        name="messageCharacterLimit"
        id="order-chat-character-limit"
        label={m.chat_settings_character_limit()}
        defaultValue={String(room.messageCharacterLimit)}
        min={1}
        max={CHAT_CHARACTER_LIMIT_MAX}
        required
      />
      <TextField
        type="number"
        name="messageMediaLimit"
        id="order-chat-media-limit"
        label={m.chat_settings_media_limit()}
        defaultValue={String(room.messageMediaLimit)}
        min={0}
        max={CHAT_MEDIA_LIMIT_MAX}
        required
      />
    </>
  );
}

/** Posts the form to chatRoom.update; null when saved, else the message to show (the server's, in the viewer's language). */
export async function saveChatSettings(room: ChatRoomView, form: FormData): Promise<string | null> {
  // The API client comes with the first save, not with the order page.
  const { updateRoom } = await import("./chat-api");
  const outcome = await updateRoom({
    chatRoomId: room.id,
    restrictionType: String(form.get("restrictionType")) as ChatRestrictionType,
    messageCharacterLimit: Number(form.get("messageCharacterLimit")),
    messageMediaLimit: Number(form.get("messageMediaLimit")),
  });
  return outcome.ok ? null : (outcome.message ?? m.chat_settings_failed());
}
