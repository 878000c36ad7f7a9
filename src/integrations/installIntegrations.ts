import { createAnalyticsTag } from './analyticsTag';
import { noopChatWidget, setChatWidget } from './chatWidget';
import { createVendorChatWidget } from './chatWidgetVendor';
import { createCommandChannel } from './commandChannel';
import { getConsent, subscribeConsent, type ConsentChoice } from './consent';
import { pushToDataLayer } from './dataLayer';
import { vendorScriptUrl } from './loadScript';
import { noopSessionRecording, setSessionRecording } from './sessionRecording';
import { createVendorSessionRecording } from './sessionRecordingVendor';
import { integrationsEnv, type IntegrationsEnv } from './integrationsEnv';

let uninstall: (() => void) | undefined;

/**
 * PROD-6 / API-7: puts the configured vendors behind their adapters and ties them to the
 * visitor's consent. Nothing loads without configuration, nor before consent: the chat widget
 * needs `functional`, recording and the analytics tag need `statistics`. Unconfigured adapters
 * stay the logged no-ops. Runs once when the admin chunk loads; returns the undo (for tests).
 */
export const installIntegrations = (config: IntegrationsEnv = integrationsEnv): (() => void) => {
  if (uninstall !== undefined) return uninstall;

  const chat =
    config.chatAppId !== undefined && config.chatScriptUrl !== undefined
      ? createVendorChatWidget(
          config.chatAppId,
          createCommandChannel({ src: vendorScriptUrl(config.chatScriptUrl, config.chatAppId), globalName: config.chatGlobal }),
        )
      : undefined;
  if (chat !== undefined) setChatWidget(chat);

  const recording =
    config.recordingSiteId !== undefined && config.recordingScriptUrl !== undefined
      ? createVendorSessionRecording(
          config.recordingSiteId,
          createCommandChannel({ src: vendorScriptUrl(config.recordingScriptUrl, config.recordingSiteId), globalName: config.recordingGlobal }),
        )
      : undefined;
  if (recording !== undefined) setSessionRecording(recording);

  const analytics =
    config.analyticsId !== undefined && config.analyticsScriptUrl !== undefined
      ? createAnalyticsTag(vendorScriptUrl(config.analyticsScriptUrl, config.analyticsId))
      : undefined;

  const apply = (choice: ConsentChoice | null) => {
    chat?.setAllowed(choice?.functional === true);
    if (choice?.statistics === true) {
      recording?.start();
      analytics?.start();
    } else {
      recording?.stop();
      analytics?.stop();
    }
    if (choice !== null) pushToDataLayer({ event: 'consentUpdate', ...choice });
  };
  apply(getConsent());
  const unsubscribe = subscribeConsent(apply);

  uninstall = () => {
    unsubscribe();
    setChatWidget(noopChatWidget);
    setSessionRecording(noopSessionRecording);
    uninstall = undefined;
  };
  return uninstall;
};
