// The profile settings page's words (setting-profile.tsx), made by its loader in the reader's language (decision 016's
// pattern): the page's heading, the two picture pickers' texts (their hint and upload status too) and the form's
// labels, hints and status. The bio's live counter keeps its messages in the browser, since it counts as the user
// types.
import { m } from "#app/paraglide/messages.js";

/** What differs between the avatar and the cover picker. */
const pictureTexts = (field: "avatar" | "cover") =>
  field === "avatar"
    ? {
        label: m.media_avatar_label(),
        alt: m.media_avatar_alt(),
        noneText: m.media_avatar_none(),
        chooseLabel: m.media_avatar_choose(),
        changeLabel: m.media_avatar_change(),
      }
    : {
        label: m.media_cover_label(),
        alt: m.media_cover_alt(),
        noneText: m.media_cover_none(),
        chooseLabel: m.media_cover_choose(),
        changeLabel: m.media_cover_change(),
      };

/** What both pickers say: the spec's hint, and while, after and before an upload. */
const pickerTexts = () => ({
  hint: m.media_picture_hint(),
  uploadingText: m.media_uploading(),
  uploadedText: m.media_uploaded(),
  previewAlt: m.media_preview_alt(),
});

export const profileSettingsTexts = (handle: string) => ({
  title: m.settings_profile_title(),
  intro: m.settings_profile_intro(),
  pictures: {
    avatar: { ...pictureTexts("avatar"), ...pickerTexts() },
    cover: { ...pictureTexts("cover"), ...pickerTexts() },
  },
  nameLabel: m.settings_name_label(),
  nameHint: m.settings_name_hint(),
  handleLabel: m.settings_handle_label(),
  handleHint: m.settings_handle_hint({ handle }),
  bioLabel: m.settings_bio_label(),
  bioHint: m.settings_bio_hint(),
  saved: m.settings_saved(),
  errorsSummary: m.settings_errors_summary(),
  save: m.settings_save(),
  saving: m.settings_saving(),
});
