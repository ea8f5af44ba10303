import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The "Show" choice above a dashboard list: which of its views (`options`) the list shows. */
export function ShowSelect<V extends string>({
  id,
  value,
  options,
  optionLabel,
  onChange,
}: {
  id: string;
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (option: V) => void;
}) {
  const choose = (chosen: string) => {
    const option = options.find((candidate) => candidate === chosen);
    if (option !== undefined) onChange(option);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Show</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => choose(event.target.value)}
        className="sm:w-auto"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
