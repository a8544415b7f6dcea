/**
 * The account's language (issue 28 §3), below Account Info: English or French, each named in its own language. PATCH
 * users/{id}/language; the user's own choice then loads the page again in it (the server writes the page's
 * dictionary and locale), another user's (the super admin's edit) only saves.
 */
import { Select } from '@mantine/core';
import {
  type ApiUser,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type LanguageChangeValues,
  languageChangeSchema,
} from '@mend/shared';
import { SettingsForm } from '../../components/forms/SettingsForm';
import { useSubmittingForm } from '../../components/forms/useSubmittingForm';
import { language as pageLanguage, t } from '../../lib/translations';
import { SAVE_BUTTON, SAVED_TOAST } from './save-button';

const P = t.accountScreens.profile;
const LANGUAGE_FORM = { title: P.languageTitle, intro: P.languageIntro, ...SAVE_BUTTON };
const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** Loads the page again, in the language just saved (a seam for tests). */
export const reloadPage = () => window.location.reload();

export function LanguageForm({ user, notYou }: { user: ApiUser; notYou: boolean }) {
  // Not chosen yet: the page's own language, the browser's, is what the user sees now.
  const initial: Language = user.language ?? pageLanguage;
  const { form, submit, submission } = useSubmittingForm<LanguageChangeValues>({
    initialValues: { language: initial },
    schema: languageChangeSchema,
    writes: 'users',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit({
      method: 'PATCH',
      url: `users/${user.id}/language`,
      body: { language: values.language },
      toast: SAVED_TOAST,
    });
    if (!result?.ok) return;
    form.resetDirty(values);
    if (!notYou && values.language !== pageLanguage) reloadPage();
  });

  return (
    <SettingsForm {...LANGUAGE_FORM} {...submission} onSubmit={onSubmit}>
      <Select
        label={P.languageLabel}
        data={OPTIONS}
        allowDeselect={false}
        size="sm"
        maw={320}
        comboboxProps={{ zIndex: 400 }}
        {...form.getInputProps('language')}
        name="language"
      />
    </SettingsForm>
  );
}
