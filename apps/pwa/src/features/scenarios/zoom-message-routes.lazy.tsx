import { createLazyRoute } from '@tanstack/react-router';
import { ZoomMessagePage } from './ZoomMessagePage';

export const scenarioZoomMessageLazyRoute = createLazyRoute('/empty/scenarios/$id/zoom-message')({ component: ZoomMessagePage });
