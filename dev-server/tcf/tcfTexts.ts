import { defaultTextsOrEnglish } from '../../banner/publish/defaultTexts';
import type { TcfTexts } from '../../banner/src/tcf/tcfConfig';

/**
 * The TCF layers' own texts (the GVL names the purposes, features and vendors) in a banner
 * language: its catalogue's in banner/texts (I18N-1), else English's.
 */
export const tcfTexts = (language: string): TcfTexts => defaultTextsOrEnglish(language).tcf;
