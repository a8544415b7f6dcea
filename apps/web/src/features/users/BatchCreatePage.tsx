/**
 * Batch create users (SPEC.md sections 2 and 5, super admin only: the route says so to the others): CSV text in, POST
 * users/batch/tenants. Rows are checked with the shared parser when the field is left; the server's
 * per-row errors ("row 3, email: ...") are listed under the field. The created accounts are listed
 * afterwards with their activation links and generated passwords (answered only once).
 */
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ApiCreatedUser,
  BATCH_COLUMNS,
  type BatchCreateUsersResponse,
  type BatchCreateValues,
  batchCreateSchema,
} from '@mend/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormButton } from '../../components/FormButton';
import { FormErrorAlert } from '../../components/forms/FormErrorAlert';
import { useFormSubmit } from '../../components/forms/useFormSubmit';
import { PageHeader } from '../../components/PageHeader';
import { inPageLanguage, t } from '../../lib/translations';
import { activationUrl, displayName, isTemporary } from './user-types';

const B = t.screens.batch;
const F = t.screens.fields;

/** The field's errors: the parser's messages for each bad row, one per line. */
function csvErrors(users: string): string[] {
  const result = batchCreateSchema.safeParse({ users });
  return result.success ? [] : result.error.issues.map((issue) => inPageLanguage(issue.message));
}

function ErrorLines({ lines }: { lines: string[] }) {
  return (
    <List size="sm" spacing={2} c="red.9">
      {lines.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

function CreatedUsers({ users }: { users: ApiCreatedUser[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {B.createdTitle}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{F.name}</Table.Th>
                <Table.Th>{F.role}</Table.Th>
                <Table.Th>{F.email}</Table.Th>
                <Table.Th>{t.screens.generatedPasswordTitle}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/users/${user.id}`} size="sm" fw={500}>
                      {displayName(user)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" tt="none" fw={500}>
                      {user.role_name}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {isTemporary(user) && user.username ? (
                      <Stack gap={2}>
                        <Badge size="xs" variant="light" color="orange" tt="none">
                          {t.screens.temporaryAccount}
                        </Badge>
                        <Code fz="xs">{activationUrl(user.username)}</Code>
                      </Stack>
                    ) : (
                      user.email
                    )}
                  </Table.Td>
                  <Table.Td>
                    {user.generated_password ? <Code>{user.generated_password}</Code> : t.screens.empty}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** The schema's one field, held as the CSV text it parses into rows. */
type BatchFormValues = Record<keyof BatchCreateValues, string>;

export default function BatchCreatePage() {
  const [created, setCreated] = useState<ApiCreatedUser[]>([]);
  const form = useForm<BatchFormValues>({
    mode: 'controlled',
    initialValues: { users: '' },
    validateInputOnBlur: true,
    // Every bad row is listed (not only the first), one per line.
    validate: (values) => {
      const lines = csvErrors(values.users);
      return lines.length > 0 ? { users: lines.join('\n') } : {};
    },
  });

  // The rows' errors are listed in the summary; the field is only marked.
  const { buttonState, error, submit, resetButton } = useFormSubmit(form, {
    writes: 'tenants',
    markedFields: ['users'],
  });
  const valid = csvErrors(form.values.users).length === 0;
  const fieldError = form.errors.users;
  const fieldLines = typeof fieldError === 'string' ? fieldError.split('\n') : [];

  async function send(values: BatchFormValues) {
    const result = await submit<BatchCreateUsersResponse>({
      method: 'POST',
      url: 'users/batch/tenants',
      body: { users: values.users },
      toast: { title: t.toasts.created },
    });
    if (!result?.ok) return;
    setCreated(result.data.data ?? []);
    form.reset();
  }

  return (
    <>
      <PageHeader
        title={B.title}
        actions={
          <Button
            component={Link}
            to="/users"
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t.nav.users}
          </Button>
        }
      />
      <Stack gap="lg" maw={960}>
        <Paper withBorder radius="lg" p="lg" shadow="xs">
          <form
            noValidate
            onSubmit={form.onSubmit(send, (errors) => {
              if (errors.users) resetButton();
            })}
          >
            <Stack gap="md">
              <Text size="sm">{B.intro}</Text>
              <Text size="sm" c="dimmed">
                {B.rules}
              </Text>
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {B.columns}
                </Text>
                <Group gap={6}>
                  {BATCH_COLUMNS.map((column) => (
                    <Code key={column}>{column}</Code>
                  ))}
                </Group>
              </Stack>
              <Textarea
                label={B.label}
                withAsterisk
                autosize
                minRows={8}
                maxRows={20}
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                {...form.getInputProps('users')}
                error={fieldLines.length ? <ErrorLines lines={fieldLines} /> : Boolean(fieldError)}
              />
              <FormErrorAlert error={error} />
              <Group justify="flex-end">
                <FormButton
                  state={buttonState}
                  label={B.submit}
                  errorLabel={t.buttonErrors.create}
                  disabled={(!valid || !form.isDirty()) && buttonState === 'default'}
                />
              </Group>
            </Stack>
          </form>
        </Paper>
        {created.length > 0 ? <CreatedUsers users={created} /> : null}
      </Stack>
    </>
  );
}
