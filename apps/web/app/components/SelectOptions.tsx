/**
 * A select's options: the empty choice first (its words say what it means here: any, choose…), then one
 * option a code, shown by its name.
 */
export function SelectOptions({
  empty,
  choices,
}: {
  empty: string;
  choices: ReadonlyArray<{ code: string; name: string }>;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {choices.map((choice) => (
        <option key={choice.code} value={choice.code}>
          {choice.name}
        </option>
      ))}
    </>
  );
}
