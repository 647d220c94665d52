/**
 * The name of a Fluent UI icon, as a plugin writes it for its manifest record (`icon`, drawn in the
 * sub-application switcher) and for its menu pages and groups (drawn in the side nav): the base name
 * from the Fluent icon catalogue, `VehicleCar` (its Regular variant is drawn), or a full export name,
 * `VehicleCarFilled`. Any icon of `@fluentui/react-icons` may be named; a name that is none draws the
 * AppsList icon and is reported (console warning, server log). See docs/plugin-guide/icons.md.
 */
export type FluentIconName = string;
