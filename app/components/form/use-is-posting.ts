import { useNavigation } from "react-router";

/** True while the page's form is being submitted (a POST navigation is under way): buttons show busy. */
export function useIsPosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}
