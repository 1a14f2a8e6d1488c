package org.keyspacestudio.app.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * A bare JavaFX window (one label), started exactly as the editor is: the yardstick of the start-up
 * benchmark ({@code keyspace-studio --minimal-window}).
 */
public final class MinimalWindowApp extends Application {

  @Override
  public void start(Stage stage) {
    StartupProbe.mark("JavaFX started");
    Scene scene = new Scene(new Label("Keyspace Studio"), 1280, 860);
    if (StartupProbe.enabled()) {
      StartupProbe.watch(scene);
    }
    stage.setScene(scene);
    stage.show();
  }
}
