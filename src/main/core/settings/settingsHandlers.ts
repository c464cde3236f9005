import type { DomainHandlers } from '../router';
import type { SettingsService } from './settingsService';

/** The contract's settings.* commands. They work with or without an open folder (workspace scope needs one). */
export function settingsHandlers(service: SettingsService): DomainHandlers<'settings'> {
  return {
    'settings.get': () => service.get(),
    'settings.update': (p) => service.update(p),
    'settings.setApiKey': (p) => service.setApiKey(p.key, p.baseURL),
    'settings.trustModelServer': (p) => service.trustModelServer(p.baseURL, p.trusted),
    'settings.testConnection': (p) => service.testConnection(p),
  };
}
