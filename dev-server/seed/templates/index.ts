import { bottomBar } from './bottomBar';
import { centredModal } from './centredModal';
import { cornerBox } from './cornerBox';
import { fullWidthCategories } from './fullWidthCategories';
import type { GalleryTemplateSeed } from './types';

/** The template gallery every account starts from (ROUTE-13); the first is the default. */
export const GALLERY_TEMPLATES: readonly GalleryTemplateSeed[] = [bottomBar, centredModal, cornerBox, fullWidthCategories];
