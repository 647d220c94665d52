import type { ComponentType } from 'react';
import {
  AnimalDogRegular,
  AppsRegular,
  ContactCardRegular,
  DataAreaRegular,
  DocumentTableRegular,
  ReceiptRegular,
  SettingsRegular,
  ShieldCheckmarkRegular,
  VehicleBicycleRegular,
  VehicleCarRegular,
  type FluentIconsProps,
} from '@fluentui/react-icons';

const ICONS: Record<string, ComponentType<FluentIconsProps>> = {
  VehicleCar: VehicleCarRegular,
  ContactCard: ContactCardRegular,
  Settings: SettingsRegular,
  AnimalDog: AnimalDogRegular,
  DataArea: DataAreaRegular,
  VehicleBicycle: VehicleBicycleRegular,
  DocumentTable: DocumentTableRegular,
  Receipt: ReceiptRegular,
  ShieldCheckmark: ShieldCheckmarkRegular,
};

/** The icon of a manifest record's `icon` name. */
export function SystemIcon(props: { name: string } & FluentIconsProps) {
  const { name, ...rest } = props;
  const Icon = ICONS[name] ?? AppsRegular;
  return <Icon {...rest} />;
}
