import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React warns about state updates outside act() unless it knows it runs under a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Each test renders into a clean document.
afterEach(cleanup);
