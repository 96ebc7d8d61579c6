// The dedicated worker that holds the tab's MQTT connection (see mqtt-worker.ts).
import mqtt from 'mqtt';
import { type MqttLibrary, type MqttPort, serveMqtt } from './mqtt-worker';

serveMqtt(self as unknown as MqttPort, mqtt as unknown as MqttLibrary);
