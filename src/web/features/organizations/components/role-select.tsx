import { MultiSelect } from "@mantine/core";
import type { OrganizationRole } from "#shared/permissions.ts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_OPTIONS } from "../lib/roles.ts";

interface RoleSelectProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Only an owner may grant or take away the owner role. */
  canGrantOwner: boolean;
  error?: string | null;
  label?: string;
}

/** Several roles at once; the owner role is locked for anyone who is not an owner. */
export function RoleSelect({ value, onChange, canGrantOwner, error, label = "Roles" }: RoleSelectProps) {
  const data = ROLE_OPTIONS.map((role: OrganizationRole) => ({
    value: role,
    label: ROLE_LABELS[role],
    disabled: role === "owner" && !canGrantOwner,
  }));
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      description={
        canGrantOwner
          ? "A member can hold several roles."
          : "A member can hold several roles. Only an owner can grant or take away the owner role."
      }
      renderOption={({ option }) => (
        <div>
          <div>{option.label}</div>
          <div style={{ fontSize: "var(--mantine-font-size-xs)", opacity: 0.75 }}>
            {ROLE_DESCRIPTIONS[option.value as OrganizationRole]}
          </div>
        </div>
      )}
      comboboxProps={{ withinPortal: true }}
      size="md"
      hidePickedOptions={false}
      checkIconPosition="right"
    />
  );
}
