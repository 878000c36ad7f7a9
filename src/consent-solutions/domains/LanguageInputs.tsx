import { useMemo } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, useLocaleState } from 'react-admin';
import { languageOptions, searchLanguages, type LanguageCode } from '../../shared/languages';

interface LanguageChoice {
  id: LanguageCode;
  name: string;
}

const languageChoices = (locale: string): LanguageChoice[] => languageOptions(locale).map(({ code, name }) => ({ id: code, name }));

/**
 * Filters choices with the shared language search, so "allem", "germ" and "de" all find
 * German. react-admin asks once per choice; the result set is computed once per query.
 */
const languageMatcher = (locale: string) => {
  let lastQuery: string | null = null;
  let matches: ReadonlySet<string> = new Set();
  return (query: string, choice: LanguageChoice): boolean => {
    if (query !== lastQuery) {
      lastQuery = query;
      matches = new Set(searchLanguages(query, locale).map((option) => option.code));
    }
    return matches.has(choice.id);
  };
};

const useLanguageChoices = () => {
  const [locale = 'en'] = useLocaleState();
  return useMemo(() => ({ choices: languageChoices(locale), matchSuggestion: languageMatcher(locale) }), [locale]);
};

interface LanguageInputProps {
  source: string;
  /** A translation key. */
  label: string;
  helperText?: string;
  disabled?: boolean;
}

/** One language from the real ISO 639-1 list, searchable by code or name in the UI language. */
export const DefaultLanguageInput = ({ source, label, helperText, disabled }: LanguageInputProps) => {
  const { choices, matchSuggestion } = useLanguageChoices();
  return (
    <AutocompleteInput
      source={source}
      label={label}
      helperText={helperText}
      choices={choices}
      translateChoice={false}
      matchSuggestion={matchSuggestion}
      disabled={disabled}
      isRequired
      fullWidth
    />
  );
};

/** Several languages, the same searchable list as chips. */
export const AdditionalLanguagesInput = ({ source, label, helperText, disabled }: LanguageInputProps) => {
  const { choices, matchSuggestion } = useLanguageChoices();
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      helperText={helperText}
      choices={choices}
      translateChoice={false}
      matchSuggestion={matchSuggestion}
      disabled={disabled}
      fullWidth
    />
  );
};
