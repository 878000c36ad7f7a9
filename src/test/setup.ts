import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs the unit, API and browser projects at once on a 2-core machine: give the
// screens more than the default second to appear before a findBy/waitFor gives up.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
