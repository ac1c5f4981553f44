// What tsc --strict must refuse (test_types.mjs requires an error on each line marked WRONG, and
// no other error): a misspelt method, a misspelt param, a misspelt model key, a misspelt role
// and find param, a scene's open param given to another scene.
import { launch } from "./index.js";

export async function wrong(): Promise<unknown> {
  const engine = await launch();
  await engine.tapp({ id: "tab.contacts" });  // WRONG: method
  await engine.tap({ idd: "tab.contacts" });  // WRONG: param
  const model = engine.model("directory");
  await engine.sceneOpen({ scene: "photos", people: "people.json" });  // WRONG: another scene's param
  await engine.getByRole("buton");  // WRONG: role
  await engine.find({ txt: "Nakamura" });  // WRONG: find's param
  return model.modle;  // WRONG: model key
}
