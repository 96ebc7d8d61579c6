export { useUpdateAvailableTime } from './model/use-update-available-time';
export { useUpdateBankInfo, type BankInfoBody } from './model/use-update-bank-info';
export { useUpdateBasicInfo, type BasicInfoBody } from './model/use-update-basic-info';
export { useUpdateOnlineStatus } from './model/use-update-online-status';
