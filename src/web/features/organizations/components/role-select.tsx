import { MultiSelect } from "@mantine/core";
import { BUILT_IN_GRANTS, type Grants, missingGrants } from "#shared/custom-roles.ts";
import { t } from "#web/i18n/i18n.ts";
import { useUnreachableNotice } from "#web/lib/api/unreachable-notice.tsx";
import { useCustomRoles } from "../api/use-roles.ts";
import { ROLE_DESCRIPTIONS, ROLE_OPTIONS, roleLabel } from "../lib/roles.ts";
import { useCurrentOrganization } from "./organization-context.tsx";

interface RoleSelectProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Only an owner may grant or take away the owner role. */
  canGrantOwner: boolean;
  error?: string | null;
  label?: string;
}

/**
 * The roles the caller may pick, built-in and the organization's custom ones (decision 35), each with its
 * description; the owner role only for `canGrantOwner`, and none granting more than the caller's own (the
 * server refuses those; owners grant everything).
 */
export function useRoleOptions(canGrantOwner: boolean) {
  const { organization, can, grants } = useCurrentOrganization();
  const custom = useCustomRoles(organization.id, can.readRoles);
  useUnreachableNotice(custom.error);
  const descriptions: Record<string, string> = Object.fromEntries(
    ROLE_OPTIONS.map((role) => [role, t(ROLE_DESCRIPTIONS[role])]),
  );
  // The server refuses a role granting more than the granter's own (owners grant everything).
  const aboveOwn = (definition: Grants | undefined) =>
    !can.isOwner && grants !== undefined && missingGrants(grants, definition ?? {}).length > 0;
  const data = [
    ...ROLE_OPTIONS.map((role) => ({
      value: role as string,
      label: roleLabel(role),
      disabled: role === "owner" ? !canGrantOwner : aboveOwn(BUILT_IN_GRANTS[role]),
    })),
    ...(custom.data ?? []).map((role) => {
      descriptions[role.role] = role.description || t("organizations.roles.customDescription");
      return { value: role.role, label: role.role, disabled: aboveOwn(role.permission) };
    }),
  ];
  return { data, descriptions };
}

/**
 * Several roles at once, built-in and the organization's custom ones (decision 35); the owner role is
 * locked for anyone who is not an owner. The server refuses any role granting more than your own.
 */
export function RoleSelect({ value, onChange, canGrantOwner, error, label }: RoleSelectProps) {
  const { data, descriptions } = useRoleOptions(canGrantOwner);
  return (
    <MultiSelect
      label={label ?? t("organizations.roles.selectLabel")}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      description={
        canGrantOwner ? t("organizations.roles.selectHint") : t("organizations.roles.selectHintLimited")
      }
      renderOption={({ option }) => (
        <div>
          <div>{option.label}</div>
          <div style={{ fontSize: "var(--mantine-font-size-xs)", opacity: 0.75 }}>
            {descriptions[option.value]}
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
