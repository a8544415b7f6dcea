/** What the profile's settings forms share: they save with "Save" and say so with the toast "Saved". */
import { t } from '../../lib/translations';

/** The submit button's texts, spread onto SettingsForm. */
export const SAVE_BUTTON = { submitLabel: t.accountScreens.profile.save, errorLabel: t.buttonErrors.save };

/** The toast of a successful save. */
export const SAVED_TOAST = { title: t.toasts.savedTitle, message: t.toasts.saved };
