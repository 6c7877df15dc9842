/** The tenants' IP allow-lists as one check (spec part 5 item 8), compiled once per app. */
import { AppError } from '../errors.ts';
import type { Config } from '../config/index.ts';
import { compileAllowList, type IpAllowList } from './ip-allow-list.ts';

export type IpCheck = (tenantId: string, ip: string) => void;

/** Builds the IP check shared by the access hook and routes that check IPs themselves. */
export function createIpCheck(config: Config): IpCheck {
  const lists = new Map<string, IpAllowList>();
  for (const [id, tenant] of config.tenants) {
    lists.set(id, compileAllowList(tenant.allowedIps));
  }
  return (tenantId: string, ip: string): void => {
    const list = lists.get(tenantId);
    if (list && !list.allows(ip)) {
      throw new AppError('IP_NOT_ALLOWED');
    }
  };
}
